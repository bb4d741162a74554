import { useMemo } from 'react';
import { Checkbox, Tree, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components';
import { isSelectableLocation, type Grantee } from '../../../domain/abilities';
import { ancestorsAndSelf, type LocationTree } from '../../../domain/locations';
import type { Location } from '../../../schemas';
import { LocationNodes } from '../locations/LocationNodes';
import { addGrant, coveringGrant, grantTreeLocations, removeGrant, siteRootLocations } from './grants';

const useStyles = makeStyles({
  // Secondary, not the disabled grey: the name must still be read (WCAG 1.4.3; the disabled grey is 1.9:1).
  greyed: { color: tokens.colorNeutralForeground3 },
  flags: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The two location lists of the user form. */
export interface Grants {
  CanEdit: number[];
  CanPrint: number[];
}

const FLAGS = [
  { key: 'CanEdit', label: 'Edit' },
  { key: 'CanPrint', label: 'Print' },
] as const;

interface LocationGrantTreeProps {
  tree: LocationTree;
  /** The administrator: only where they may view permits can they grant (SPEC §6). */
  grantor: Grantee;
  /** The external user's site: the server refuses grants anywhere else. */
  siteId: number;
  grants: Grants;
  onChange(grants: Grants): void;
}

/**
 * Per-location Edit and Print flags for an external user (SPEC §6). A check applies to the
 * location and everything below it, so those below show checked and locked until it is cleared.
 */
export function LocationGrantTree({ tree, grantor, siteId, grants, onChange }: LocationGrantTreeProps) {
  const styles = useStyles();
  const shown = useMemo(() => grantTreeLocations(grantor, tree, siteId), [grantor, tree, siteId]);
  const roots = siteRootLocations(tree, siteId).filter((l) => shown.has(l.LocationId));
  // Opened at first: the site and the way down to what is granted already.
  const defaultOpen = useMemo(
    () => [
      ...roots.map((l) => String(l.LocationId)),
      ...[...grants.CanEdit, ...grants.CanPrint].flatMap((id) => ancestorsAndSelf(tree, id).slice(1).map(String)),
    ],
    // Only the first render matters: afterwards the user opens and closes nodes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const renderLayout = (location: Location) => {
    const id = location.LocationId;
    const selectable = isSelectableLocation(grantor, tree, id);
    return (
      <TreeItemLayout
        className={selectable ? undefined : styles.greyed}
        actions={{
          visible: true,
          className: styles.flags,
          children: FLAGS.map(({ key, label }) => {
            const covering = coveringGrant(tree, grants[key], id);
            const inherited = covering !== undefined && covering !== id;
            // A grant here can always be cleared, even where it could no longer be given.
            const locked = inherited || (!selectable && covering !== id);
            return (
              <Checkbox
                key={key}
                label={label}
                aria-label={`${label} at ${location.Title}`}
                checked={covering !== undefined}
                disabled={locked}
                onChange={(_, data) =>
                  onChange({
                    ...grants,
                    [key]: data.checked ? addGrant(tree, grants[key], id) : removeGrant(grants[key], id),
                  })
                }
              />
            );
          }),
        }}
      >
        {location.Title}
      </TreeItemLayout>
    );
  };

  return (
    <Tree aria-label="Locations" navigationMode="treegrid" defaultOpenItems={defaultOpen}>
      <LocationNodes tree={tree} locations={roots} shown={(id) => shown.has(id)} renderLayout={renderLayout} />
    </Tree>
  );
}
