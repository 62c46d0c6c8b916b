import { env } from '../../src/env';

/**
 * The lightbox's slideshow timer: while playing, `advance` runs `speed` ms after the last move (a move by hand
 * starts the wait again, as `restart` is called on every move).
 */
export class Slideshow {
  playing = false;
  private timer?: number;

  constructor(
    private readonly speed: number,
    private readonly advance: () => void,
  ) {}

  set(on: boolean): void {
    this.playing = on;
    if (on) this.restart();
    else this.stop();
  }

  restart(): void {
    this.stop();
    this.timer = env().setTimeout(() => {
      this.timer = undefined;
      if (this.playing) this.advance();
    }, this.speed);
  }

  stop(): void {
    if (this.timer !== undefined) env().clearTimeout(this.timer);
    this.timer = undefined;
  }
}
