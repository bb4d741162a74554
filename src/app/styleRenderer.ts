import { createDOMRenderer, type GriffelRenderer } from '@fluentui/react-components';

type Rules = Parameters<GriffelRenderer['insertCSSRules']>[0];

/**
 * `insert` called once per set of rules. Griffel's reset styles (makeResetStyles, and Fluent's
 * Input, Field, Label, Button…) hand the renderer their one list of rules wrapped in a new object
 * on every render, so each render of such a component ran its insertion effect again and walked
 * all its rules to find them inserted already: on the permit list, ten cards and the text box on
 * every key typed (issue 13). A set is known by that list, or by the object when it is not a wrapper.
 */
export function insertOnce(insert: (rules: Rules) => void): (rules: Rules) => void {
  const inserted = new WeakSet<object>();
  return (rules) => {
    const keys = Object.keys(rules);
    const set = keys.length === 1 && keys[0] === 'r' && rules.r ? rules.r : rules;
    if (inserted.has(set)) return;
    inserted.add(set);
    insert(rules);
  };
}

/** The app's Griffel renderer: Griffel's own, inserting each set of rules once. */
export function createStyleRenderer(targetDocument: Document): GriffelRenderer {
  const renderer = createDOMRenderer(targetDocument);
  renderer.insertCSSRules = insertOnce(renderer.insertCSSRules.bind(renderer));
  return renderer;
}
