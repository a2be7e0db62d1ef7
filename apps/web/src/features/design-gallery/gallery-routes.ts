/** The design gallery's route groups: the specification's template-demo paths (seed-spec section 2). */
export const GALLERY_GROUPS = ['forms', 'tables', 'react-tables', 'charts', 'muicharts', 'mui-trees', 'ui-components', 'widgets'] as const;
export type GalleryGroup = (typeof GALLERY_GROUPS)[number];

/** Which page (component set) shows a group: the two table groups share the list kit, the two chart groups the chart kit. */
export type GalleryKit = 'forms' | 'lists' | 'charts' | 'trees' | 'ui' | 'widgets';

interface GroupSpec {
  kit: GalleryKit;
  /** The sections of the group's page, in order. */
  sections: readonly string[];
  /** The template's sub-page names that show another section (a section's own id always works). */
  aliases: Readonly<Record<string, string>>;
}

const LIST_SECTIONS = ['grid', 'dense', 'sticky', 'empty', 'loading'] as const;
const CHART_SECTIONS = ['line', 'area', 'bar', 'pie', 'gauge'] as const;

export const GALLERY: Readonly<Record<GalleryGroup, GroupSpec>> = {
  forms: {
    kit: 'forms',
    sections: ['elements', 'layouts', 'validation', 'wizard'],
    aliases: {
      'form-elements': 'elements',
      autocomplete: 'elements',
      button: 'elements',
      checkbox: 'elements',
      radio: 'elements',
      slider: 'elements',
      'date-time': 'elements',
      'date-range': 'elements',
      switch: 'elements',
      'form-tiptap': 'layouts',
      'form-layouts': 'layouts',
      'form-horizontal': 'layouts',
      'form-vertical': 'layouts',
      'form-custom': 'layouts',
      'form-validation': 'validation',
      'form-wizard': 'wizard',
    },
  },
  tables: {
    kit: 'lists',
    sections: LIST_SECTIONS,
    aliases: { basic: 'grid', collapsible: 'grid', enhanced: 'grid', 'fixed-header': 'sticky', pagination: 'grid', search: 'grid' },
  },
  'react-tables': {
    kit: 'lists',
    sections: LIST_SECTIONS,
    aliases: {
      basic: 'grid',
      'column-visiblity': 'grid',
      'drag-drop': 'grid',
      editable: 'grid',
      expanding: 'grid',
      filter: 'grid',
      pagination: 'grid',
      'row-selection': 'grid',
      sorting: 'grid',
    },
  },
  charts: {
    kit: 'charts',
    sections: CHART_SECTIONS,
    aliases: { gredient: 'line', 'doughnut-pie': 'pie', column: 'bar', candlestick: 'bar', radialbar: 'gauge' },
  },
  muicharts: {
    kit: 'charts',
    sections: CHART_SECTIONS,
    aliases: {
      linecharts: 'line',
      areacharts: 'area',
      barcharts: 'bar',
      piecharts: 'pie',
      gaugecharts: 'gauge',
      scattercharts: 'line',
      sparklinecharts: 'line',
    },
  },
  'mui-trees': { kit: 'trees', sections: ['tree'], aliases: { simpletree: 'tree' } },
  'ui-components': {
    kit: 'ui',
    sections: [
      'alert',
      'accordion',
      'avatar',
      'chip',
      'dialog',
      'list',
      'popover',
      'rating',
      'tabs',
      'tooltip',
      'transfer-list',
      'typography',
    ],
    aliases: {},
  },
  widgets: { kit: 'widgets', sections: ['cards', 'banners', 'charts'], aliases: {} },
};

export interface GalleryLocation {
  group: GalleryGroup;
  /** The section the address names, or null for the group's page as a whole. */
  section: string | null;
}

const isGroup = (value: string): value is GalleryGroup => (GALLERY_GROUPS as readonly string[]).includes(value);

/**
 * The group and section an address shows: `/forms/form-wizard` is the forms page at its wizard,
 * `/forms/form-elements/checkbox` its elements (the most specific known name wins, from the end),
 * and an unknown sub-path the group's page from the top. Null outside the gallery.
 */
export function galleryLocation(pathname: string): GalleryLocation | null {
  const [first = '', ...rest] = pathname.split('/').filter(Boolean);
  if (!isGroup(first)) return null;
  const spec = GALLERY[first];
  for (const part of [...rest].reverse()) {
    const name = part.toLowerCase();
    if (spec.sections.includes(name)) return { group: first, section: name };
    const alias = spec.aliases[name];
    if (alias) return { group: first, section: alias };
  }
  return { group: first, section: null };
}

/** A section's own address (what the page's section links open). */
export const sectionPath = (group: GalleryGroup, section: string): string => `/${group}/${section}`;
