// Saving a text file the backend wrote: in the desktop window through the native save dialog
// (the backend writes it), in a browser as a download.
import { backend } from "../backend";
import type { ExportRequest } from "../backend/types";

/** Saves an exam export; resolves to where it went (null when the dialog was cancelled). */
export async function saveExam(request: ExportRequest, suggested: string): Promise<string | null> {
  if (backend.canChoosePaths) {
    const path = await backend.choosePath("save-file", suggested);
    if (!path) return null;
    return (await backend.saveExam({ export: request, path })).file_name;
  }
  const exported = await backend.exportExam(request);
  const url = URL.createObjectURL(new Blob([exported.content], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = exported.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return exported.file_name;
}
