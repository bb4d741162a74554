import { Body1, Title2 } from '@fluentui/react-components';
import { AppLink } from '../../app/AppLink';

/** A path the app does not know. */
export function NotFoundPage() {
  return (
    <section>
      <Title2 as="h1">Page not found</Title2>
      <Body1>
        There is no page at this address.{' '}
        <AppLink to="/">Go to the dashboard</AppLink>
      </Body1>
    </section>
  );
}
