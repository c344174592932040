// Which postmeta key carries each venue / organizer record field, taken from the REST definitions.
import type { LinkedPostDefinition } from '../../domain/linked-posts/definition.ts';
import { ORGANIZER_DEFINITION } from '../../domain/organizers.ts';
import { VENUE_DEFINITION } from '../../domain/venues.ts';
import type { OrganizerRecord, VenueRecord } from '../records.ts';

// The record's string fields, its key and image aside.
type TextFieldOf<R> = Exclude<{ [K in keyof R]-?: NonNullable<R[K]> extends string ? K : never }[keyof R], 'key' | 'image'>;

function metaKeys<F extends string>(definition: LinkedPostDefinition, names: readonly F[]): ReadonlyArray<readonly [F, string]> {
  return names.map((name) => {
    const field = definition.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${definition.singular} has no field ${name}`);
    return [name, field.metaKey] as const;
  });
}

export const VENUE_META = metaKeys<TextFieldOf<VenueRecord>>(VENUE_DEFINITION,
  ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website']);

export const ORGANIZER_META = metaKeys<TextFieldOf<OrganizerRecord>>(ORGANIZER_DEFINITION, ['phone', 'website', 'email']);

export const VENUE_MAP_FLAGS = [['showMap', '_VenueShowMap'], ['showMapLink', '_VenueShowMapLink']] as const;
