/** The build of the web app (vite.config.ts): what the answers kept in the browser belong to. */
declare const __BUILD_ID__: string;
