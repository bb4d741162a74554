// Fluent's Tooltip on its own, for LazyTooltip's dynamic import: the chunk holds the tooltip and
// its positioning, nothing else of the component library.
export { Tooltip } from '@fluentui/react-components';
