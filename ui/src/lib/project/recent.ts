// Recently opened project files, remembered in the browser's or window's local storage.
const KEY = "proctor-recent";
const MAX = 6;

export function recentProjects(storage: Pick<Storage, "getItem"> = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

export function rememberProject(path: string, storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage): string[] {
  const list = [path, ...recentProjects(storage).filter((p) => p !== path)].slice(0, MAX);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
