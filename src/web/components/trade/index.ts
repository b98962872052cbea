/** Trading widgets shared by the market pages and the portfolio. */
export { DumpButton, useDump, DUMP_FAILED, type DumpProps } from './DumpButton';
export { SellDialog, POST_OFFER_FAILED, type SellDialogProps } from './SellDialog';
