import type { AdminProduct } from '@dukkan/contracts/admin-products';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { useDeleteImageMutation, useReorderImagesMutation, useUploadImageMutation } from '../app/api/products-api';
import { failureOf } from '../app/errors';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The editor's photos: drop or pick files (each uploaded on its own), reorder, delete. */
export function PhotosSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload] = useUploadImageMutation();
  const [remove] = useDeleteImageMutation();
  const [reorder] = useReorderImagesMutation();
  const [uploading, setUploading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function send(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      setUploading(file.name);
      const result = await upload({ id: product._id, file });
      if ('error' in result) toast.error(`${file.name}: ${failureOf(result.error).message || t('app.networkError')}`);
      else toast.success(t('editor.uploaded'));
    }
    setUploading(null);
  }

  async function move(from: number, to: number) {
    const order = [...product.images];
    const [moved] = order.splice(from, 1);
    if (moved === undefined) return;
    order.splice(to, 0, moved);
    const result = await reorder({ id: product._id, order });
    if ('error' in result) toast.error(failureOf(result.error).message || t('app.networkError'));
  }

  async function drop(index: number) {
    const result = await remove({ id: product._id, index });
    if ('error' in result) toast.error(failureOf(result.error).message || t('app.networkError'));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) void send(event.dataTransfer.files);
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="photos-heading" sx={{ p: 3 }}>
      <Typography id="photos-heading" component="h2" variant="h2" sx={{ mb: 1 }}>
        {t('editor.photosTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('editor.photosFirst')}
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ border: '2px dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center', mb: 2 }}
      >
        <Typography component="span">{t('editor.drop')} </Typography>
        {/* Hidden from the keyboard: the visible button below opens it, with the focus ring on itself. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) void send(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" size="small" aria-controls={inputId} onClick={() => input.current?.click()}>
          {t('editor.choose')}
        </Button>
        {uploading ? (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{t('editor.uploading', { name: uploading })}</Typography>
            <LinearProgress aria-label={t('editor.uploading', { name: uploading })} />
          </Box>
        ) : null}
      </Box>
      <Stack component="ol" direction="row" sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 2 }}>
        {product.images.map((url, index) => {
          const n = index + 1;
          return (
            <Box component="li" key={url} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'center' }}>
              <img src={url} alt={t('editor.photoAlt', { n })} width={120} height={120} style={{ objectFit: 'contain', display: 'block' }} />
              <Stack direction="row" sx={{ justifyContent: 'center' }}>
                <IconButton aria-label={t('editor.moveEarlier', { n })} disabled={index === 0} onClick={() => void move(index, index - 1)}>
                  <ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
                </IconButton>
                <IconButton aria-label={t('editor.moveLater', { n })} disabled={index === product.images.length - 1} onClick={() => void move(index, index + 1)}>
                  <ArrowForwardIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
                </IconButton>
                <IconButton aria-label={t('editor.deletePhoto', { n })} onClick={() => void drop(index)}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
