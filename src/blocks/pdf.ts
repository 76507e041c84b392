// PDF downloads (chart image, table, one row). jspdf is loaded on demand so viewers who never
// download a PDF never fetch it.
import { cellText } from './cells/cells';

type Row = Record<string, unknown>;

const MARGIN = 36;

/** A new A4 document with the block title at the top; `y` is where the content starts. */
async function newDoc(orientation: 'portrait' | 'landscape', title: string, gap: number) {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation, unit: 'pt', format: 'a4' });
  let y = MARGIN;
  if (title) {
    doc.setFontSize(16);
    doc.text(title, MARGIN, y + 12);
    y += gap;
  }
  return { doc, y, pageW: doc.internal.pageSize.getWidth(), pageH: doc.internal.pageSize.getHeight() };
}

/** A chart canvas on one landscape page, under the block title. */
export async function downloadChartPdf(canvas: HTMLCanvasElement, title: string, fileName: string): Promise<void> {
  const { doc, y, pageW, pageH } = await newDoc('landscape', title, 28);
  const maxW = pageW - 2 * MARGIN;
  const maxH = pageH - y - MARGIN;
  const ratio = Math.min(maxW / canvas.width, maxH / canvas.height);
  // White behind the (transparent) chart so it prints the way it looks.
  const flat = document.createElement('canvas');
  flat.width = canvas.width;
  flat.height = canvas.height;
  const ctx = flat.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, flat.width, flat.height);
    ctx.drawImage(canvas, 0, 0);
  }
  // JPEG on white keeps the file small (a PNG of a high-DPI canvas runs to megabytes).
  doc.addImage(ctx ? flat.toDataURL('image/jpeg', 0.92) : canvas, ctx ? 'JPEG' : 'PNG', MARGIN, y, canvas.width * ratio, canvas.height * ratio);
  doc.save(fileName);
}

/** Rows as a simple ruled table over as many landscape pages as needed. */
export async function downloadTablePdf(columns: string[], rows: Row[], title: string, fileName: string): Promise<void> {
  const start = await newDoc('landscape', title, 28);
  const { doc, pageW, pageH } = start;
  let y = start.y;
  const colW = (pageW - 2 * MARGIN) / Math.max(1, columns.length);
  const rowH = 18;
  const fit = (text: string) => {
    const lines = doc.splitTextToSize(text.replace(/\s+/g, ' '), colW - 6) as string[];
    return lines.length > 1 ? `${lines[0]}…` : (lines[0] ?? '');
  };
  const header = () => {
    doc.setFont('helvetica', 'bold');
    doc.setFillColor('#f3f4f6');
    doc.rect(MARGIN, y, pageW - 2 * MARGIN, rowH, 'F');
    columns.forEach((c, i) => doc.text(fit(c), MARGIN + i * colW + 3, y + 12));
    doc.setFont('helvetica', 'normal');
    y += rowH;
  };
  doc.setFontSize(9);
  header();
  doc.setDrawColor('#e5e7eb');
  for (const row of rows) {
    if (y + rowH > pageH - MARGIN) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    columns.forEach((c, i) => doc.text(fit(cellText(row[c])), MARGIN + i * colW + 3, y + 12));
    doc.line(MARGIN, y + rowH, pageW - MARGIN, y + rowH);
    y += rowH;
  }
  if (rows.length === 0) doc.text('No rows', MARGIN, y + 12);
  doc.save(fileName);
}

/** One row: a filled template, or every column as "Name: value" lines. */
export async function downloadRowPdf(text: string, title: string, fileName: string): Promise<void> {
  const start = await newDoc('portrait', title, 30);
  const { doc, pageW, pageH } = start;
  let y = start.y;
  doc.setFontSize(11);
  const lines = doc.splitTextToSize(text, pageW - 2 * MARGIN) as string[];
  for (const line of lines) {
    if (y + 16 > pageH - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(line, MARGIN, y + 12);
    y += 16;
  }
  doc.save(fileName);
}

export function rowAsText(row: Row, columns: string[]): string {
  return columns.map((c) => `${c}: ${cellText(row[c])}`).join('\n');
}
