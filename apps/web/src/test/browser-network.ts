/** The browser's network flag, as a page reads it (`navigator.onLine`), without the event. */
export function setBrowserOnline(online: boolean): void {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

/** The browser's network flag and its event, as Chromium sets them when the network goes or comes back. */
export function browserSays(online: boolean): void {
  setBrowserOnline(online);
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}
