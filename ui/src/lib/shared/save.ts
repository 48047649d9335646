// Saving a file the backend writes (an exam export, a chart, the report): in the desktop window through the
// native save dialog (the backend writes it), in a browser as a download.
import { backend } from "../backend";
import type { ChartRequest, ExportRequest, FileContent, ReportRequest, TableRequest } from "../backend/types";

/** Saves an exam export; resolves to where it went (null when the dialog was cancelled). */
export async function saveExam(request: ExportRequest, suggested: string): Promise<string | null> {
  if (backend.canChoosePaths) {
    const path = await backend.choosePath("save-file", suggested);
    if (!path) return null;
    return (await backend.saveExam({ export: request, path })).file_name;
  }
  const exported = await backend.exportExam(request);
  download(new Blob([exported.content], { type: "text/plain;charset=utf-8" }), exported.file_name);
  return exported.file_name;
}

/** Saves a chart as PNG or SVG; resolves to where it went (null when cancelled). */
export async function saveChart(request: ChartRequest, suggested: string): Promise<string | null> {
  if (backend.canChoosePaths) {
    const path = await backend.choosePath("save-file", suggested);
    if (!path) return null;
    return (await backend.saveChart({ chart: request, path })).file_name;
  }
  return downloadFile(await backend.chart(request));
}

/** Saves a table as CSV or an Excel workbook; resolves to where it went (null when cancelled). */
export async function saveTable(request: TableRequest, suggested: string): Promise<string | null> {
  if (backend.canChoosePaths) {
    const path = await backend.choosePath("save-file", suggested);
    if (!path) return null;
    return (await backend.saveTable({ table: request, path })).file_name;
  }
  return downloadFile(await backend.table(request));
}

/** A file the backend wrote (text, or binary as base64) as a browser download. */
function downloadFile(file: FileContent): string {
  const bytes = file.base64 ? Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) : file.content;
  download(new Blob([bytes], { type: file.mime }), file.file_name);
  return file.file_name;
}

/** Saves the report; resolves to where it went (null when the dialog was cancelled). */
export async function saveReport(request: ReportRequest, suggested: string): Promise<string | null> {
  if (backend.canChoosePaths) {
    const path = await backend.choosePath("save-file", suggested);
    if (!path) return null;
    return (await backend.saveReport({ report: request, path })).file_name;
  }
  const report = await backend.report(request);
  download(new Blob([report.html], { type: "text/html;charset=utf-8" }), report.file_name);
  return report.file_name;
}

/** A browser download of `blob` as `name`. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
