// Calendar files of any size for the import/export benchmark and tests: a JSON fixture and a TEC
// CSV events file with the same events (venues, organizers and categories shared among them).
import fs from 'node:fs';

const VENUES = 50;
const ORGANIZERS = 20;
const CATEGORIES = ['Music', 'Workshops', 'Talks', 'Sports', 'Markets', 'Film', 'Theatre', 'Family', 'Food', 'Outdoors'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Event i: a two-hour event on a day of 2030 (spread over the year), every 10th all day. */
function eventDates(i: number): { day: Date; hour: number; allDay: boolean } {
  const day = new Date(Date.UTC(2030, 0, 1 + (i % 365)));
  return { day, hour: 8 + (i % 12), allDay: i % 10 === 0 };
}

export function writeJsonFixture(file: string, events: number): void {
  const out = fs.openSync(file, 'w');
  const write = (text: string) => fs.writeSync(out, text);
  write('{\n"venues": {\n');
  for (let v = 0; v < VENUES; v++) write(`${v ? ',\n' : ''}"v${v}": ${JSON.stringify({ venue: `Venue ${v}`, city: 'Portland', country: 'United States', address: `${v} Main St` })}`);
  write('\n},\n"organizers": {\n');
  for (let o = 0; o < ORGANIZERS; o++) write(`${o ? ',\n' : ''}"o${o}": ${JSON.stringify({ organizer: `Organizer ${o}`, email: `o${o}@example.test` })}`);
  write('\n},\n"categories": {\n');
  CATEGORIES.forEach((name, c) => write(`${c ? ',\n' : ''}"c${c}": ${JSON.stringify({ name })}`));
  write('\n},\n"events": {\n');
  for (let i = 0; i < events; i++) {
    const { day, hour, allDay } = eventDates(i);
    const date = day.toISOString().slice(0, 10);
    write(`${i ? ',\n' : ''}"e${i}": ${JSON.stringify({
      title: `Event number ${i}`,
      description: `The description of event ${i}.`,
      start_date: `${date} ${pad(hour)}:00:00`,
      end_date: `${date} ${pad(hour + 2)}:00:00`,
      all_day: allDay || undefined,
      cost: String(5 + (i % 30)),
      venue: `v${i % VENUES}`,
      organizers: [`o${i % ORGANIZERS}`],
      categories: [`c${i % CATEGORIES.length}`],
      featured: i % 7 === 0 || undefined,
    })}`);
  }
  write('\n}\n}\n');
  fs.closeSync(out);
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeTecCsv(file: string, events: number): void {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, 'Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event,Event Venue Name,Event Organizer Name,Event Cost,Event Category,Event Featured\n');
  let buffer = '';
  for (let i = 0; i < events; i++) {
    const { day, hour, allDay } = eventDates(i);
    const date = `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${day.getUTCFullYear()}`;
    buffer += [
      `Event number ${i}`, `The description of event ${i}.`, date, `${hour}:00:00`, date, `${hour + 2}:00:00`,
      allDay ? 'TRUE' : 'FALSE', `Venue ${i % VENUES}`, `Organizer ${i % ORGANIZERS}`, String(5 + (i % 30)),
      `${CATEGORIES[i % CATEGORIES.length]}, ${CATEGORIES[(i + 3) % CATEGORIES.length]}`, i % 7 === 0 ? 'Yes' : 'No',
    ].map(csvCell).join(',') + '\n';
    if (buffer.length > 1 << 20) {
      fs.writeSync(out, buffer);
      buffer = '';
    }
  }
  fs.writeSync(out, buffer);
  fs.closeSync(out);
}
