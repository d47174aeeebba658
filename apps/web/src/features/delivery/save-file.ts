/** The one file saver lives in lib/ (the reports' CSV exports use it too). */
export { saveFile } from '../../lib/save-file';
