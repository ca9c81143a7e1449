/**
 * Who knows how to preload the code behind a link: the app registers its route table here at start-up, so
 * links anywhere (features included) can preload without importing the app.
 */
type Preloader = (link: string) => void;

let preloader: Preloader = () => {};

export function registerPreloader(next: Preloader): void {
  preloader = next;
}

export function preloadLink(link: string): void {
  preloader(link);
}
