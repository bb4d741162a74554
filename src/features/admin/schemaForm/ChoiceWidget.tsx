import type { WidgetProps } from '@rjsf/utils';

/** One value a choice offers, with the words shown for it. */
export interface Choice {
  value: string | number;
  label: string;
}

/**
 * A choice among values the schema cannot list because they are data, not rules (the site's
 * locations): `'ui:options': { choices }`. It is the theme's own select, so the schema stays
 * the server's — an `enum` added here would no longer be the schema the validator was compiled from.
 */
export function ChoiceWidget(props: WidgetProps) {
  const { SelectWidget } = props.registry.widgets;
  const choices = (props.options.choices ?? []) as Choice[];
  // Every theme has one; the registry's type only says a theme may leave any widget out.
  return SelectWidget ? <SelectWidget {...props} options={{ ...props.options, enumOptions: choices }} /> : null;
}
