import { Body1, Link } from '@fluentui/react-components';
import { messages } from '../../../../domain/messages';

/** SPEC §8's empty text of the list, whose "click here" resets the filters. */
export function NoPermitsMatched({ onReset }: { onReset(): void }) {
  const { before, link, after } = messages.permits.noMatchFilters;
  return (
    <Body1 role="status">
      {before}
      <Link as="button" onClick={onReset}>
        {link}
      </Link>
      {after}
    </Body1>
  );
}
