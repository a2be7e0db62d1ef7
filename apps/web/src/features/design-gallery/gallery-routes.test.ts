import { describe, expect, test } from 'vitest';
import { GALLERY, GALLERY_GROUPS, galleryLocation, sectionPath } from './gallery-routes';

describe('galleryLocation', () => {
  test.each([
    ['/forms/form-wizard', 'forms', 'wizard'],
    ['/forms/form-elements/checkbox', 'forms', 'elements'],
    ['/forms/form-validation', 'forms', 'validation'],
    ['/forms/form-tiptap', 'forms', 'layouts'],
    ['/tables/pagination', 'tables', 'grid'],
    ['/tables/fixed-header', 'tables', 'sticky'],
    ['/react-tables/empty', 'react-tables', 'empty'],
    ['/react-tables/dense', 'react-tables', 'dense'],
    ['/charts/line', 'charts', 'line'],
    ['/charts/doughnut-pie', 'charts', 'pie'],
    ['/charts/radialbar', 'charts', 'gauge'],
    ['/muicharts/barcharts', 'muicharts', 'bar'],
    ['/mui-trees/simpletree/items', 'mui-trees', 'tree'],
    ['/ui-components/alert', 'ui-components', 'alert'],
    ['/ui-components/transfer-list', 'ui-components', 'transfer-list'],
    ['/widgets/cards', 'widgets', 'cards'],
    ['/widgets/banners/', 'widgets', 'banners'],
  ])('%s shows %s at %s', (path, group, section) => {
    expect(galleryLocation(path)).toEqual({ group, section });
  });

  test('a group without a known sub-page shows the group page from the top', () => {
    expect(galleryLocation('/charts')).toEqual({ group: 'charts', section: null });
    expect(galleryLocation('/widgets/unknown')).toEqual({ group: 'widgets', section: null });
  });

  test('addresses outside the gallery are not its', () => {
    expect(galleryLocation('/apps/gallery')).toBeNull();
    expect(galleryLocation('/')).toBeNull();
  });

  test('every alias names a section of its group, and every section link leads back to it', () => {
    for (const group of GALLERY_GROUPS) {
      const { sections, aliases } = GALLERY[group];
      for (const target of Object.values(aliases)) expect(sections).toContain(target);
      for (const section of sections) expect(galleryLocation(sectionPath(group, section))).toEqual({ group, section });
    }
  });
});
