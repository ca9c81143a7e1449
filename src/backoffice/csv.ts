/** One CSV field: quoted when it holds a separator, a quote or a line break; formula starts neutralised. */
function field(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One column of an export: its header and the value a row writes. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** Rows as CSV text, with a header line: what every list's export writes. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [
    columns.map((c) => field(c.title)),
    ...rows.map((row) => columns.map((c) => field(c.value(row)))),
  ];
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a .csv download (with a BOM, so spreadsheet programs read Lao text as UTF-8). */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
