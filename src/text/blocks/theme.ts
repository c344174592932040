// What the layout classes depend on in the active theme. wpcal reads no theme, so it renders as
// WordPress does with its default theme, Twenty Twenty-Five (its theme.json: `appearanceTools`,
// which turns block gap support on, `useRootPaddingAwareAlignments`, and the block gaps of
// `styles`). With a theme.json, WordPress adds no inner container to groups and no wrapper to
// aligned images (wp_restore_group_inner_container, wp_restore_image_outer_container).

export interface ThemeLayout {
  /** `settings.spacing.blockGap` is set (null disables gap styles). */
  blockGapSupport: boolean;
  /** `settings.useRootPaddingAwareAlignments`: constrained layouts get `has-global-padding`. */
  rootPaddingAwareAlignments: boolean;
  /** `styles.spacing.blockGap`. */
  rootBlockGap: string | null;
  /** `styles.blocks[name].spacing.blockGap`. */
  blockGaps: Readonly<Record<string, string>>;
}

export const DEFAULT_THEME: ThemeLayout = {
  blockGapSupport: true,
  rootPaddingAwareAlignments: true,
  rootBlockGap: '1.2rem',
  blockGaps: {
    'core/columns': 'var:preset|spacing|50',
    'core/buttons': '16px',
    'core/quote': 'var:preset|spacing|30',
  },
};
