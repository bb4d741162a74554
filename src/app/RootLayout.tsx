import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/constants';
import { usePageTitle } from './pageTitle';

/** Keeps the browser tab's title in step with the page (SPEC §1: default is the product name). */
export function RootLayout() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return <Outlet />;
}
