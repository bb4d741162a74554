import { Menu, MenuList, MenuPopover, MenuTrigger, makeResetStyles, tokens } from '@fluentui/react-components';
import { MoreVerticalRegular } from '@fluentui/react-icons';
import { forwardRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

/** Fluent's medium subtle icon-only Button, as a native button: no component hooks a card. */
const useButtonClassName = makeResetStyles({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  margin: 0,
  padding: 0,
  border: `${tokens.strokeWidthThin} solid transparent`,
  borderRadius: tokens.borderRadiusMedium,
  backgroundColor: tokens.colorSubtleBackground,
  color: tokens.colorNeutralForeground2,
  fontSize: '20px',
  cursor: 'pointer',
  ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2BrandHover },
  ':hover:active': { backgroundColor: tokens.colorSubtleBackgroundPressed, color: tokens.colorNeutralForeground2BrandPressed },
  outlineStyle: 'none',
  ':focus-visible': {
    borderColor: tokens.colorStrokeFocus2,
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorStrokeFocus2} inset`,
  },
  '@media (forced-colors: active)': { ':hover': { color: 'Highlight' } },
});

const ActionsButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function ActionsButton(props, ref) {
  return (
    <button ref={ref} type="button" className={useButtonClassName()} {...props}>
      <MoreVerticalRegular />
    </button>
  );
});

/**
 * A card's actions button and its menu (the menu items are `children`), for the permit `owner`.
 * The menu is made when first opened: a Fluent Menu (and a Fluent Button) on each card was a
 * third of what a card cost to show, and each key typed in the list's filter can bring ten new
 * cards (issue 13). A card that shows another permit (the list reuses cards) starts closed again.
 */
export function CardActions({ owner, label, children }: { owner: string; label: string; children: ReactNode }) {
  const [menu, setMenu] = useState<{ owner: string; open: boolean } | null>(null);
  // Until then the button says what MenuTrigger would: it opens a menu.
  if (menu?.owner !== owner) return <ActionsButton aria-label={label} aria-haspopup="menu" onClick={() => setMenu({ owner, open: true })} />;
  return (
    <Menu open={menu.open} onOpenChange={(_e, data) => setMenu({ owner, open: data.open })}>
      <MenuTrigger disableButtonEnhancement>
        <ActionsButton aria-label={label} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>{children}</MenuList>
      </MenuPopover>
    </Menu>
  );
}
