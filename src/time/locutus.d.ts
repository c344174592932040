declare module 'locutus/php/datetime/strtotime.js' {
  /** Port of PHP strtotime(): Unix seconds, or false when the text is not understood. */
  export default function strtotime(text: string, now?: number): number | false;
}

declare module 'locutus/php/strings/sprintf.js' {
  /** Port of PHP sprintf(), positional arguments (`%1$s`) included. */
  export default function sprintf(format: string, ...args: unknown[]): string;
}
