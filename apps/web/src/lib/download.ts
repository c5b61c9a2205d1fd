/**
 * Hands `blob` to the browser as a file download named `fileName`, through a temporary <a download>. The object
 * URL is released a moment later: revoking it in the same task can cancel the download in some browsers.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads an address the caller already holds (and releases itself), named `fileName`. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}
