/**
 * Imported first by the server's entry point, before anything uses libuv's thread pool (which reads
 * this once, when it starts). Each league fsyncs its own log on the pool, and a handful of threads
 * would make leagues queue behind each other's fsyncs: with 16, a hundred leagues' orders spread
 * evenly went from ~1,500 to ~2,100 a second on two cores (`npm run bench -- --only=leagues`).
 * Set UV_THREADPOOL_SIZE to choose another number.
 */
process.env.UV_THREADPOOL_SIZE ??= '16';
