// What the benchmark parent and the server process (server-process.ts) say to each other.

export type ParentMessage =
  | { type: 'canned'; status: number; headers: Record<string, string>; body: string }
  | { type: 'log'; level: 'silent' | 'info' }
  | { type: 'cpu' }
  | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; wpcalUrl: string; bareUrl: string }
  | { type: 'ok' }
  | { type: 'cpu'; micros: number }
  | { type: 'failed'; message: string };
