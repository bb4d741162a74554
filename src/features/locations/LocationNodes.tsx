import type { ReactElement } from 'react';
import { Tree, TreeItem } from '@fluentui/react-components';
import type { LocationTree } from '../../../domain/locations';
import type { Location } from '../../../schemas';

interface LocationNodesProps {
  tree: LocationTree;
  locations: readonly Location[];
  /** Leaves a location out, with everything below it; every location is shown without it. */
  shown?(locationId: number): boolean;
  /** The TreeItemLayout of one location: what each tree shows and lets the user do there. */
  renderLayout(location: Location): ReactElement;
  onItemClick?(location: Location): void;
}

/**
 * Tree items for `locations` and, nested, their descendants: the one walk over the location
 * tree shared by the home-location picker and the external users' grants.
 */
export function LocationNodes({ tree, locations, shown, renderLayout, onItemClick }: LocationNodesProps) {
  const visible = shown ? locations.filter((l) => shown(l.LocationId)) : locations;
  return (
    <>
      {visible.map((location) => {
        const children = tree.childrenOf(location.LocationId);
        const hasChildren = children.some((child) => !shown || shown(child.LocationId));
        return (
          <TreeItem
            key={location.LocationId}
            value={String(location.LocationId)}
            itemType={hasChildren ? 'branch' : 'leaf'}
            onClick={onItemClick ? () => onItemClick(location) : undefined}
          >
            {renderLayout(location)}
            {hasChildren ? (
              <Tree>
                <LocationNodes
                  tree={tree}
                  locations={children}
                  shown={shown}
                  renderLayout={renderLayout}
                  onItemClick={onItemClick}
                />
              </Tree>
            ) : null}
          </TreeItem>
        );
      })}
    </>
  );
}
