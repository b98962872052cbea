/** Trading widgets shared by the market pages and the portfolio. */
export { DumpButton, type DumpProps } from './DumpButton';
export { SellDialog, type SellDialogProps } from './SellDialog';
