// PHP prints a zone's tzdata abbreviation (format "T"). JavaScript has no access to those, but
// ICU names the "metazone" a zone belongs to at an instant; this maps the English metazone names
// whose tzdata abbreviation is alphabetic. Every other zone uses a numeric abbreviation in tzdata
// (e.g. Europe/Istanbul "+03", Asia/Kathmandu "+0545").
const METAZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'Coordinated Universal Time': 'UTC',
  'Greenwich Mean Time': 'GMT',
  'British Summer Time': 'BST',
  'Irish Standard Time': 'IST',
  'Western European Standard Time': 'WET',
  'Western European Summer Time': 'WEST',
  'Central European Standard Time': 'CET',
  'Central European Summer Time': 'CEST',
  'Eastern European Standard Time': 'EET',
  'Eastern European Summer Time': 'EEST',
  'Moscow Standard Time': 'MSK',
  'West Africa Time': 'WAT',
  'West Africa Standard Time': 'WAT',
  'Central Africa Time': 'CAT',
  'East Africa Time': 'EAT',
  'South Africa Standard Time': 'SAST',
  'Eastern Standard Time': 'EST',
  'Eastern Daylight Time': 'EDT',
  'Central Standard Time': 'CST',
  'Central Daylight Time': 'CDT',
  'Mountain Standard Time': 'MST',
  'Mountain Daylight Time': 'MDT',
  'Pacific Standard Time': 'PST',
  'Pacific Daylight Time': 'PDT',
  'Alaska Standard Time': 'AKST',
  'Alaska Daylight Time': 'AKDT',
  'Hawaii-Aleutian Standard Time': 'HST',
  'Hawaii-Aleutian Daylight Time': 'HDT',
  'Atlantic Standard Time': 'AST',
  'Atlantic Daylight Time': 'ADT',
  'Newfoundland Standard Time': 'NST',
  'Newfoundland Daylight Time': 'NDT',
  'Cuba Standard Time': 'CST',
  'Cuba Daylight Time': 'CDT',
  'Israel Standard Time': 'IST',
  'Israel Daylight Time': 'IDT',
  'India Standard Time': 'IST',
  'Pakistan Standard Time': 'PKT',
  'Western Indonesia Time': 'WIB',
  'Central Indonesia Time': 'WITA',
  'Eastern Indonesia Time': 'WIT',
  'China Standard Time': 'CST',
  'Taiwan Standard Time': 'CST',
  'Hong Kong Standard Time': 'HKT',
  'Japan Standard Time': 'JST',
  'Korean Standard Time': 'KST',
  'Australian Eastern Standard Time': 'AEST',
  'Australian Eastern Daylight Time': 'AEDT',
  'Australian Central Standard Time': 'ACST',
  'Australian Central Daylight Time': 'ACDT',
  'Australian Western Standard Time': 'AWST',
  'New Zealand Standard Time': 'NZST',
  'New Zealand Daylight Time': 'NZDT',
  'Chamorro Standard Time': 'ChST',
  'American Samoa Standard Time': 'SST',
};

// Zones that ICU files under one of the metazones above but tzdata gives a numeric abbreviation.
const NUMERIC_IN_TZDATA = new Set(['europe/minsk', 'asia/colombo']);

// The tzdata zones named after GMT itself print "GMT", while ICU calls them UTC.
const GMT_ZONE = /^(?:etc\/)?(?:gmt[+-]?0?|greenwich)$/i;

/** The alphabetic tzdata abbreviation of `zoneName` given ICU's metazone name, if there is one. */
export function alphabeticAbbreviation(zoneName: string, metazoneName: string): string | null {
  if (GMT_ZONE.test(zoneName)) {
    return 'GMT';
  }
  if (NUMERIC_IN_TZDATA.has(zoneName.toLowerCase())) {
    return null;
  }
  return METAZONE_ABBREVIATIONS[metazoneName] ?? null;
}

/** tzdata's numeric abbreviation for an offset: `+03`, `-0930`, `+0545`. */
export function numericAbbreviation(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = Math.abs(offsetMinutes) % 60;
  return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}${String(minutes).padStart(2, '0')}`;
}
