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
    "src": "/tutorials/add-b9d8d8ab21.webm",
    "seconds": 27.8,
    "bytes": 122889
  },
  "board": {
    "src": "/tutorials/board-e07d261355.webm",
    "seconds": 27.3,
    "bytes": 71339
  },
  "publish": {
    "src": "/tutorials/publish-94ad8248b7.webm",
    "seconds": 56.3,
    "bytes": 275638
  }
} /* end */;
