declare module 'locutus/php/datetime/strtotime.js' {
  /** Port of PHP strtotime(): Unix seconds, or false when the text is not understood. */
  export default function strtotime(text: string, now?: number): number | false;
}
