// Written by scripts/record-tutorials.ts (docs/decisions: "Tutorial videos"): the current recording of each
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
    "src": "/tutorials/add-9fb0ced4e9.webm",
    "seconds": 24.3,
    "bytes": 104797
  },
  "board": {
    "src": "/tutorials/board-b59fd62a14.webm",
    "seconds": 25.7,
    "bytes": 331365
  },
  "publish": {
    "src": "/tutorials/publish-654ea1c3ab.webm",
    "seconds": 24.6,
    "bytes": 190026
  }
} /* end */;
