// A progress bar for long commands, drawn on stderr only when it is a terminal.
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  update: (done: number, total: number) => void;
  stop: () => void;
}

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({ stream, format: `${label} {bar} {value}/{total}`, hideCursor: true }, Presets.shades_classic);
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        if (total === 0) return;
        bar.start(total, done);
        started = true;
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
