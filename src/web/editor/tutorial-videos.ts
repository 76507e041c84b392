// Written by scripts/record-tutorials.ts (docs/decisions: "Tutorial videos"): the current recording of each
// Tutorial Videos tab, served from src/web/public/tutorials/ with long caching (the name carries a hash).
export type TutorialVideoName = 'board' | 'add' | 'publish';
export interface TutorialVideo {
  /** Where the app serves the WebM file. */
  src: string;
  /** The still (JPEG) shown before the video plays: its last frame, the finished result. */
  poster?: string;
  /** Length in seconds. */
  seconds: number;
  /** File size in bytes. */
  bytes: number;
}

export const TUTORIAL_VIDEOS: Partial<Record<TutorialVideoName, TutorialVideo>> = /* manifest */ {
  "add": {
    "src": "/tutorials/add-9fb0ced4e9.webm",
    "poster": "/tutorials/add-d1a62e35c4.jpg",
    "seconds": 24.3,
    "bytes": 104797
  },
  "board": {
    "src": "/tutorials/board-b59fd62a14.webm",
    "poster": "/tutorials/board-589492968b.jpg",
    "seconds": 25.7,
    "bytes": 331365
  },
  "publish": {
    "src": "/tutorials/publish-654ea1c3ab.webm",
    "poster": "/tutorials/publish-04ca31c6be.jpg",
    "seconds": 24.6,
    "bytes": 190026
  }
} /* end */;
