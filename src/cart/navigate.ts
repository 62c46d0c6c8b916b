/** Leaving the page, behind a seam: tests replace `go` (happy-dom would try to load the URL). */
export const navigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
