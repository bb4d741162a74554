import { makeResetStyles, makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components';

/**
 * A medium rounded Fluent Badge drawn as one plain span: Fluent's Badge is a component with its
 * own state hooks and a pseudo-element border, and the permit list shows up to three a card
 * while it follows each key typed in its filter (issue 13).
 */
export const useBadgeClassName = makeResetStyles({
  display: 'inline-flex',
  boxSizing: 'border-box',
  alignItems: 'center',
  justifyContent: 'center',
  ...typographyStyles.caption1Strong,
  height: '20px',
  minWidth: '20px',
  // Fluent's padding less the border, which Fluent draws over the padding.
  padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS} - ${tokens.strokeWidthThin})`,
  borderRadius: tokens.borderRadiusMedium,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
  backgroundColor: tokens.colorBrandBackground,
  color: tokens.colorNeutralForegroundOnBrand,
});

/** Fluent Badge's appearances the permit screens use besides a state's own colours. */
export const useBadgeStyles = makeStyles({
  circular: { borderRadius: tokens.borderRadiusCircular },
  dangerTint: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
  },
  outline: {
    backgroundColor: 'transparent',
    color: tokens.colorBrandForeground1,
    ...shorthands.borderColor('currentColor'),
  },
});
