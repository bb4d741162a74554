import { Button, Menu, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreVerticalRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';

/**
 * A card's actions button and its menu (the menu items are `children`). The menu is made when
 * first opened: a Fluent Menu on each card was a third of what a card costs to show, and each
 * key typed in the list's filter can bring ten new cards (issue 13).
 */
export function CardActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState<boolean | null>(null);
  // Until then the button says what MenuTrigger would: it opens a menu.
  if (open === null) return <Button appearance="subtle" icon={<MoreVerticalRegular />} aria-label={label} aria-haspopup="menu" onClick={() => setOpen(true)} />;
  return (
    <Menu open={open} onOpenChange={(_e, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreVerticalRegular />} aria-label={label} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>{children}</MenuList>
      </MenuPopover>
    </Menu>
  );
}
