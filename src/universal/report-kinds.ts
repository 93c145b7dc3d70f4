// The reports' limits and names, without any server code: the staff page reads them in the browser.
export const MAX_REPORT_DAYS = 366;
export const DEFAULT_REPORT_DAYS = 30;

export const CSV_REPORTS = ['sales-by-day', 'sales-by-product', 'sales-by-channel', 'sales-by-addon', 'admissions', 'occupancy-by-hour', 'members', 'tokens', 'program'] as const;
export type CsvReport = (typeof CSV_REPORTS)[number];
