import { useMemo } from 'react';
import { Tree, TreeItem, TreeItemLayout, makeStyles, tokens } from '@fluentui/react-components';
import { isSelectableLocation, type Grantee } from '../../../domain/abilities';
import { ROOT_LOCATION_ID } from '../../../domain/constants';
import { ancestorsAndSelf, type LocationTree as Index } from '../../../domain/locations';
import { LocationNodes } from './LocationNodes';

const useStyles = makeStyles({
  greyed: { color: tokens.colorNeutralForegroundDisabled },
});

interface LocationTreeProps {
  companyName: string;
  tree: Index;
  grantee: Grantee;
  selected: number | null;
  onSelect(locationId: number): void;
  /** Opened at first: the path down to this location (the current home, or the permit's location). */
  revealId: number | null;
  /** Which locations may be picked; by default those that can be a home location. */
  canSelect?(locationId: number): boolean;
}

/**
 * The company's locations as a tree under a root titled with the company name (SPEC §2).
 * Locations that cannot be chosen stay visible, greyed, so the user sees where they are.
 */
export function LocationTree({ companyName, tree, grantee, selected, onSelect, revealId, canSelect }: LocationTreeProps) {
  const styles = useStyles();
  const sites = tree.childrenOf(ROOT_LOCATION_ID);
  const defaultOpen = useMemo(
    () => [
      String(ROOT_LOCATION_ID),
      ...sites.map((s) => String(s.LocationId)),
      ...(revealId === null ? [] : ancestorsAndSelf(tree, revealId).map(String)),
    ],
    // Only the first render matters: afterwards the user opens and closes nodes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const selectable = (id: number) => (canSelect ? canSelect(id) : isSelectableLocation(grantee, tree, id));

  return (
    <Tree
      aria-label="Locations"
      selectionMode="single"
      defaultOpenItems={defaultOpen}
      checkedItems={selected === null ? [] : [String(selected)]}
      onCheckedChange={(_, data) => {
        const id = Number(data.value);
        if (selectable(id)) onSelect(id);
      }}
    >
      <TreeItem value={String(ROOT_LOCATION_ID)} itemType="branch">
        <TreeItemLayout selector={null}>{companyName}</TreeItemLayout>
        <Tree>
          <LocationNodes
            tree={tree}
            locations={sites}
            // A click on the name picks the location too, not only a click on the radio.
            onItemClick={(location) => selectable(location.LocationId) && onSelect(location.LocationId)}
            renderLayout={(location) => {
              const canSelect = selectable(location.LocationId);
              return (
                <TreeItemLayout className={canSelect ? undefined : styles.greyed} selector={{ disabled: !canSelect }}>
                  {location.Title}
                </TreeItemLayout>
              );
            }}
          />
        </Tree>
      </TreeItem>
    </Tree>
  );
}
