/**
 * The WYSIWYG description editor (Mantine's tiptap editor): headings, lists,
 * emphasis, quotes and links. Its HTML is sanitised by the server before it
 * is stored and again wherever it is shown.
 */
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './description.module.css';

type EditorLabel =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'clearFormatting'
  | 'h2'
  | 'h3'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'link'
  | 'unlink'
  | 'linkUrl'
  | 'linkSave'
  | 'linkExternal'
  | 'linkInternal'
  | 'undo'
  | 'redo';

export interface RichTextInputProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid: boolean;
  readOnly: boolean;
  /** A save is on its way: nothing can be typed, the toolbar stays. */
  busy: boolean;
  onBlur: () => void;
}

function RichTextInput({
  value,
  onChange,
  label,
  invalid,
  readOnly,
  busy,
  onBlur,
}: RichTextInputProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur,
  });
  // The editor reads `editable` once; later changes are told to it.
  useEffect(() => {
    editor.setEditable(!readOnly && !busy, false);
  }, [editor, readOnly, busy]);
  const key = (name: EditorLabel) => t(`campaigns.wizard.content.editor.${name}`);
  return (
    <RichTextEditor
      editor={editor}
      className={classes.editor}
      labels={{
        boldControlLabel: key('bold'),
        italicControlLabel: key('italic'),
        underlineControlLabel: key('underline'),
        strikeControlLabel: key('strike'),
        clearFormattingControlLabel: key('clearFormatting'),
        h2ControlLabel: key('h2'),
        h3ControlLabel: key('h3'),
        bulletListControlLabel: key('bulletList'),
        orderedListControlLabel: key('orderedList'),
        blockquoteControlLabel: key('blockquote'),
        linkControlLabel: key('link'),
        unlinkControlLabel: key('unlink'),
        linkEditorInputLabel: key('linkUrl'),
        linkEditorInputPlaceholder: 'https://',
        linkEditorSave: key('linkSave'),
        linkEditorExternalLink: key('linkExternal'),
        linkEditorInternalLink: key('linkInternal'),
        undoControlLabel: key('undo'),
        redoControlLabel: key('redo'),
      }}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      {!readOnly && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}

export { RichTextInput as default };
