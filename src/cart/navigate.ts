/** Leaving the page, behind a seam: tests replace these (happy-dom would try to load the URL). */
export const navigation = {
  go(url: string): void {
    window.location.assign(url);
  },
  /**
   * A real reload: `location.assign(location.href)` is only a hash change when the URL has a #fragment, and the
   * page (a checkout under its overlay) would stay as it is.
   */
  reload(): void {
    window.location.reload();
  },
};
