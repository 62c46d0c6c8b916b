/**
 * The page's consent gate for server HTML the core inserts (the mini-cart's fragments): the privacy widget
 * provides its own when the page has the privacy feature; without it, no host waits for consent. The core knows
 * no widget, so the gate comes to it.
 */
let gate: (url: string) => string | null = () => null;

export function provideConsentGate(next: (url: string) => string | null): void {
  gate = next;
}

/** The consent type that still blocks loading this URL, or null when it may load. */
export const consentGate = (url: string): string | null => gate(url);
