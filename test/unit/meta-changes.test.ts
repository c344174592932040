// metaStatements: the fewest statements that leave the rows WordPress's meta functions leave.
import { expect } from 'chai';
import { metaStatements } from '../../src/data/meta-changes.ts';

const meta = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe('metaStatements', () => {
  it('inserts every row of a new post in one statement', () => {
    const out = metaStatements(7, [
      { op: 'set', key: '_EventStartDate', value: '2027-01-01 10:00:00' },
      { op: 'replace', key: '_EventOrganizerID', values: ['3', '4'] },
      { op: 'add', key: '_EventOrigin', value: 'events-calendar' },
      { op: 'delete', key: '_EventAllDay' },
    ], new Map());
    expect([...out.deleteKeys]).to.deep.equal([]);
    expect([...out.updates]).to.deep.equal([]);
    expect(out.inserts).to.deep.equal([
      7, '_EventStartDate', '2027-01-01 10:00:00', 7, '_EventOrganizerID', '3', 7, '_EventOrganizerID', '4', 7, '_EventOrigin', 'events-calendar',
    ]);
  });

  it('updates a held key in place (keeping its rows), deletes what is held, and leaves unchanged keys alone', () => {
    const out = metaStatements(7, [
      { op: 'set', key: '_EventStartDate', value: 'new' },
      { op: 'set', key: '_EventEndDate', value: 'same' },
      { op: 'set', key: '_EventURL', value: 'https://example.org' },
      { op: 'replace', key: '_EventOrganizerID', values: ['3', '4'] },
      { op: 'replace', key: '_EventVenueID', values: ['9'] },
      { op: 'delete', key: '_EventAllDay' },
      { op: 'delete', key: '_tribe_featured' },
    ], meta({ _EventStartDate: ['old', 'older'], _EventEndDate: ['same'], _EventOrganizerID: ['3', '4'], _EventVenueID: ['8'], _EventAllDay: ['yes'] }));
    expect([...out.updates]).to.deep.equal([['_EventStartDate', 'new']]);
    expect([...out.deleteKeys]).to.deep.equal(['_EventVenueID', '_EventAllDay']);
    expect(out.inserts).to.deep.equal([7, '_EventURL', 'https://example.org', 7, '_EventVenueID', '9']);
  });

  it('keeps the order of a replaced key\'s values, and a changed order is a change', () => {
    const out = metaStatements(7, [{ op: 'replace', key: '_EventCost', values: ['10', '5'] }], meta({ _EventCost: ['5', '10'] }));
    expect([...out.deleteKeys]).to.deep.equal(['_EventCost']);
    expect(out.inserts).to.deep.equal([7, '_EventCost', '10', 7, '_EventCost', '5']);
  });
});
