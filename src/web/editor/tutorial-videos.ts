// Written by scripts/record-tutorials.ts (README: "Tutorial videos"): the current recording of each
// Tutorial Videos tab, served from src/web/public/tutorials/ with long caching (the name carries a hash).
export type TutorialVideoName = 'board' | 'add' | 'publish';
export interface TutorialVideo {
  /** Where the app serves the WebM file. */
  src: string;
  /** Length in seconds. */
  seconds: number;
  /** File size in bytes. */
  bytes: number;
}

export const TUTORIAL_VIDEOS: Partial<Record<TutorialVideoName, TutorialVideo>> = /* manifest */ {
  "add": {
    "src": "/tutorials/add-70466589b2.webm",
    "seconds": 42.3,
    "bytes": 226572
  },
  "board": {
    "src": "/tutorials/board-752457d18f.webm",
    "seconds": 31.7,
    "bytes": 106573
  },
  "publish": {
    "src": "/tutorials/publish-1673aa0a8f.webm",
    "seconds": 53.4,
    "bytes": 216087
  }
} /* end */;
