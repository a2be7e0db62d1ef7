import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { IconChevronDown, IconChevronRight, IconFile, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GallerySection } from './gallery-section';

interface Node {
  id: string;
  children?: Node[];
}

// The product's areas as a sample tree. MUI X Tree View is not a dependency: a nested list does it.
const TREE: Node[] = [
  { id: 'contacts', children: [{ id: 'lists' }, { id: 'segments' }, { id: 'trash' }] },
  { id: 'campaigns', children: [{ id: 'drafts' }, { id: 'scheduled' }, { id: 'sent' }] },
  { id: 'inbox', children: [{ id: 'open' }, { id: 'resolved' }] },
];

function Branch({ nodes, depth, open, toggle }: { nodes: Node[]; depth: number; open: Set<string>; toggle: (id: string) => void }) {
  const { t } = useTranslation('design-gallery');
  return (
    <List disablePadding dense>
      {nodes.map((node) => {
        const expanded = open.has(node.id);
        const Chevron = expanded ? IconChevronDown : IconChevronRight;
        return (
          <li key={node.id}>
            <ListItemButton
              sx={{ paddingInlineStart: 2 + depth * 3 }}
              onClick={node.children ? () => toggle(node.id) : undefined}
              aria-expanded={node.children ? expanded : undefined}
              component={node.children ? 'button' : 'div'}
            >
              <ListItemIcon sx={{ minWidth: 32, '[dir=rtl] & svg.chevron': { transform: 'scaleX(-1)' } }}>
                {node.children ? <Chevron size={18} className="chevron" aria-hidden /> : <IconFile size={18} aria-hidden />}
              </ListItemIcon>
              {node.children ? (
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <IconFolder size={18} aria-hidden />
                </ListItemIcon>
              ) : null}
              <ListItemText primary={t(`trees.nodes.${node.id}`)} />
            </ListItemButton>
            {node.children ? (
              <Collapse in={expanded} unmountOnExit>
                <Branch nodes={node.children} depth={depth + 1} open={open} toggle={toggle} />
              </Collapse>
            ) : null}
          </li>
        );
      })}
    </List>
  );
}

/** A simple tree (expand and collapse) made of the product's list components. */
export default function TreesKit() {
  const [open, setOpen] = useState(() => new Set(['contacts']));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <GallerySection id="tree">
      <Paper variant="outlined" sx={{ maxWidth: 420 }}>
        <Branch nodes={TREE} depth={0} open={open} toggle={toggle} />
      </Paper>
    </GallerySection>
  );
}
