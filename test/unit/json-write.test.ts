// The JSON export writer streams: events are written as they are pulled, waiting for a slow
// output to drain, so neither the writer nor the stream holds the whole document.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ExportEvent, ExportTerm } from '../../src/transfer/records.ts';
import { writeJsonExport, type JsonExportLookups } from '../../src/transfer/json/write.ts';

const VENUES = [1, 2, 3].map((id) => ({ id, venue: `Hall ${id}`, city: 'Portland' }));
const ORGANIZER = { id: 7, organizer: 'Ana' };
const MUSIC: ExportTerm = { id: 11, name: 'Music', slug: 'music', description: '', parent: 0 };
const JAZZ: ExportTerm = { ...MUSIC, id: 12, name: 'Jazz', slug: 'jazz', parent: 11 };

function event(id: number): ExportEvent {
  return {
    id, slug: `event-${id}`, status: 'publish', title: `Event ${id}`, description: 'x'.repeat(200), excerpt: '',
    startDate: '2024-06-14 19:30:00', endDate: '2024-06-14 22:00:00', startDateUtc: '2024-06-14 17:30:00', endDateUtc: '2024-06-14 20:00:00',
    allDay: false, timezone: 'Europe/Zurich', cost: '', website: '', featured: false, url: `https://cal.example.org/event/event-${id}/`,
    createdUtc: '2024-04-04 08:30:00', modifiedUtc: '2024-04-20 14:00:00',
    venue: VENUES[id % 3]!, organizers: [ORGANIZER],
    categories: [{ id: 12, name: 'Jazz', slug: 'jazz' }], tags: [{ id: 8, name: 'Outdoor', slug: 'outdoor' }],
    meta: [['_EventStartDate', '2024-06-14 19:30:00'], ['_EventEndDate', '2024-06-14 22:00:00']],
  };
}

async function* inOrder<T>(records: Iterable<T>): AsyncGenerator<T> {
  yield* records;
}

const LOOKUPS: JsonExportLookups = {
  categories: async () => [MUSIC, JAZZ],
  tags: async (used) => used,
  venues: (ids) => inOrder([...ids].map((id) => VENUES.find((venue) => venue.id === id)!)),
  organizers: (ids) => inOrder([...ids].map(() => ORGANIZER)),
};

/** A slow output (small buffer, each write done a turn later) that records what it is given. */
class SlowOutput extends Writable {
  readonly chunks: string[] = [];
  constructor(private readonly onChunk: (chunk: string) => void) {
    super({ highWaterMark: 256, decodeStrings: false });
  }
  override _write(chunk: string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.onChunk(chunk);
    setImmediate(done);
  }
}

describe('writeJsonExport', () => {
  it('streams: 5000 events from an async generator are written while the generator still runs, through backpressure', async () => {
    const total = 5000;
    let produced = 0;
    let producedAtFirstEvent = -1;
    let mostBuffered = 0;
    const out: SlowOutput = new SlowOutput((chunk) => {
      mostBuffered = Math.max(mostBuffered, out.writableLength);
      if (producedAtFirstEvent < 0 && chunk.includes('"event-')) producedAtFirstEvent = produced;
    });
    async function* many(): AsyncGenerator<ExportEvent> {
      for (let i = 1; i <= total; i++) {
        produced = i;
        // Each event is built on demand; none is kept by the generator.
        yield event(1000 + i);
      }
    }
    await writeJsonExport(many(), out, LOOKUPS);
    // The last writes may still sit in the stream's buffer: the caller ends the stream.
    await finished(out.end());
    expect(producedAtFirstEvent).to.be.within(1, 2);
    expect(out.chunks.length, 'one write per event at least').to.be.at.least(total);
    // Without waiting for 'drain' the whole document (over 2 MB) would pile up in the stream's buffer.
    expect(mostBuffered).to.be.below(16 * 1024);
    const document = JSON.parse(out.chunks.join(''));
    expect(Object.keys(document.events)).to.have.length(total);
    expect(document.events[`event-${1000 + total}`].venue).to.equal(`venue-${(1000 + total) % 3 + 1}`);
    // In the order the events first used them.
    expect(Object.keys(document.venues)).to.deep.equal(['venue-3', 'venue-1', 'venue-2']);
    expect(Object.keys(document.organizers)).to.deep.equal(['organizer-7']);
    expect(document.categories).to.deep.equal({ music: { id: 11, name: 'Music', slug: 'music' }, jazz: { id: 12, name: 'Jazz', slug: 'jazz', parent: 'music' } });
    expect(document.tags).to.deep.equal({ outdoor: { id: 8, name: 'Outdoor', slug: 'outdoor' } });
  });
});
