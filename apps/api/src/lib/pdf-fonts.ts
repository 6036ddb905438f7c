import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/**
 * The fonts of every PDF the app writes (invoices, reports, the delivery dossier). DejaVu has the naira sign,
 * which the PDF standard fonts lack; pdfkit embeds only the glyphs used.
 */
export const PDF_FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  condensed: path.join(FONT_DIR, 'DejaVuSansCondensed.ttf'),
  condensedBold: path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf'),
} as const;
