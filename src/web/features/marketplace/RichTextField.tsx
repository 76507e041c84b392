// The Description field (shell §5): @mantine/tiptap's RichTextEditor over Tiptap 3 (StarterKit,
// Link, TextStyle with Color and BackgroundColor, Image with inline data: URLs). Its own chunk:
// MarketplaceForm loads it lazily, so only an owner who opens the form downloads it.
// The blog's post editor uses the same field with `pickImage`: images then come from the blog's
// media library (an address, never inline data).
import '@mantine/tiptap/styles.css';
import { ColorPicker, Input, Popover, Stack, Button, Group } from '@mantine/core';
import { RichTextEditor, Link } from '@mantine/tiptap';
import { IconPhoto, IconHighlight } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES, richTextHasContent, THUMBNAIL_BG_PRESETS } from '../../../shared/rules/marketplace';
import { inlineImageProblem } from './images';

const TEXT_COLOURS = ['#25262b', '#868e96', '#fa5252', '#e64980', '#be4bdb', '#7950f2', '#4c6ef5', '#228be6', '#15aabf', '#12b886', '#40c057', '#fab005', '#fd7e14'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });
}

function BackgroundControl({ editor, disabled }: { editor: Editor | null; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [colour, setColour] = useState('#fff3bf');
  return (
    <Popover opened={open} onChange={setOpen} withinPortal trapFocus>
      <Popover.Target>
        <RichTextEditor.Control aria-label="Background colour" title="Background colour" disabled={disabled} onClick={() => setOpen((o) => !o)}>
          <IconHighlight size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <ColorPicker format="hex" value={colour} onChange={setColour} swatches={[...THUMBNAIL_BG_PRESETS.slice(1), '#fff3bf', '#d3f9d8']} aria-label="Background colour" />
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                editor?.chain().focus().unsetBackgroundColor().run();
                setOpen(false);
              }}
            >
              Clear
            </Button>
            <Button
              size="xs"
              onClick={() => {
                editor?.chain().focus().setBackgroundColor(colour).run();
                setOpen(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export default function RichTextField({
  label,
  value,
  onChange,
  onBlurEmpty,
  onImageProblem,
  error,
  disabled,
  pickImage,
  required = true,
  testId = 'marketplace-description',
  minHeight = 160,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Called on leaving the editor: with the 'Description is required' message when it is empty, else null. */
  onBlurEmpty?: (message: string | null) => void;
  /** An inline image that cannot be added, in the form's words. */
  onImageProblem?: (message: string) => void;
  error?: string | null;
  disabled: boolean;
  /**
   * Where images come from instead of the file on the person's computer: called with a function
   * that inserts the chosen image. With it, inline data: images are not taken even when pasted.
   */
  pickImage?: (insert: (image: { src: string; alt: string }) => void) => void;
  required?: boolean;
  testId?: string;
  minHeight?: number;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }),
      Link.configure({ openOnClick: false }),
      TextStyle,
      Color,
      BackgroundColor,
      Image.configure({ allowBase64: !pickImage, inline: false }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: ({ editor: e }) => onBlurEmpty?.(richTextHasContent(e.getHTML()) ? null : MARKETPLACE_MESSAGES.descriptionRequired),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A new value from outside (the form reset or pre-filled) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File) => {
    const problem = inlineImageProblem(file, editor ? editor.getHTML().length : 0);
    if (problem) return onImageProblem?.(problem);
    try {
      const src = await readAsDataUrl(file);
      if (editor && editor.getHTML().length + src.length > MARKETPLACE_LIMITS.descriptionMaxChars) return onImageProblem?.(MARKETPLACE_MESSAGES.descriptionTooLong);
      editor?.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (e) {
      onImageProblem?.(e instanceof Error ? e.message : MARKETPLACE_MESSAGES.descriptionTooLong);
    }
  };

  const onImageButton = () => {
    if (!pickImage) return fileInput.current?.click();
    pickImage((image) => editor?.chain().focus().setImage(image).run());
  };

  return (
    <Input.Wrapper label={label} labelElement="div" error={error} withAsterisk={required}>
      <RichTextEditor editor={editor} data-testid={testId} style={{ opacity: disabled ? 0.6 : undefined }}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 disabled={disabled} />
            <RichTextEditor.H2 disabled={disabled} />
            <RichTextEditor.H3 disabled={disabled} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold disabled={disabled} />
            <RichTextEditor.Italic disabled={disabled} />
            <RichTextEditor.Underline disabled={disabled} />
            <RichTextEditor.Strikethrough disabled={disabled} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ColorPicker colors={TEXT_COLOURS} disabled={disabled} />
            <BackgroundControl editor={editor} disabled={disabled} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList disabled={disabled} />
            <RichTextEditor.BulletList disabled={disabled} />
            <RichTextEditor.Blockquote disabled={disabled} />
            <RichTextEditor.CodeBlock disabled={disabled} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link disabled={disabled} />
            <RichTextEditor.Unlink disabled={disabled} />
            <RichTextEditor.Control aria-label="Insert image" title="Insert image" disabled={disabled} onClick={onImageButton}>
              <IconPhoto size={16} stroke={1.5} />
            </RichTextEditor.Control>
            <RichTextEditor.ClearFormatting disabled={disabled} />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      {!pickImage && (
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label="Description image"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void insertImage(file);
          }}
        />
      )}
    </Input.Wrapper>
  );
}
