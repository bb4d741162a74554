import { Title2 } from '@fluentui/react-components';

/** /admin: the landing page; the panel beside it leads on (SPEC §2). */
export function AdminHomePage() {
  return <Title2 as="h1">Admin</Title2>;
}
