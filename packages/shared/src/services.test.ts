import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  isHttpUrl,
  isServiceImageUrl,
  isServiceLinkUrl,
  isUploadPath,
  SERVICE_MSG,
  serviceCreateFromForm,
  serviceFormSchema,
  serviceUpdateFromForm,
} from './services';

const empty = { title: '', description: '', price: '', image: '', link: '' };

describe('service addresses', () => {
  it.each(['https://exemplo.com.br', 'http://exemplo.com.br/a?b=1#c', 'https://sub.exemplo.com/img.png', 'http://localhost:3000/x'])('%s is an http(s) address', (v) => {
    expect(isHttpUrl(v)).toBe(true);
  });
  it.each(['exemplo.com.br', 'javascript:alert(1)', 'ftp://exemplo.com.br', 'https://', 'http:/exemplo.com.br', 'https://sem ponto', 'https://semponto', 'data:image/png;base64,AAA', ''])('%j is not', (v) => {
    expect(isHttpUrl(v)).toBe(false);
  });
  it('an uploaded file path is a valid image but not a link', () => {
    expect(isUploadPath('/uploads/galleries/a-1.png')).toBe(true);
    expect(isUploadPath('/uploads/../x.png')).toBe(false);
    expect(isUploadPath('/uploads/a b.png')).toBe(false);
    expect(isUploadPath('/outra/a.png')).toBe(false);
    expect(isServiceImageUrl('/uploads/galleries/a.png')).toBe(true);
    expect(isServiceLinkUrl('/uploads/galleries/a.png')).toBe(false);
  });
});

describe('service forms', () => {
  it('new: title, description and price required; image and link addresses when filled', () => {
    const r = serviceFormSchema('create').safeParse({ ...empty, image: 'x', link: 'y' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ title: MSG.required, description: MSG.required, price: MSG.required, image: SERVICE_MSG.invalidUrl, link: SERVICE_MSG.invalidUrl });
    expect(serviceFormSchema('create').safeParse({ ...empty, title: 't', description: 'd', price: 'p' }).success).toBe(true);
  });

  it('edit: every field optional, image and link still addresses', () => {
    expect(serviceFormSchema('edit').safeParse(empty).success).toBe(true);
    expect(serviceFormSchema('edit').safeParse({ ...empty, link: 'nao' }).error?.issues[0]?.message).toBe(SERVICE_MSG.invalidUrl);
  });

  it('the create call leaves out empty image and link', () => {
    expect(serviceCreateFromForm({ title: ' t ', description: 'd', price: 'p', image: ' ', link: '' })).toEqual({ title: 't', description: 'd', price: 'p' });
    expect(serviceCreateFromForm({ title: 't', description: 'd', price: 'p', image: '/uploads/a.png', link: 'https://a.com' })).toEqual({
      title: 't', description: 'd', price: 'p', image: '/uploads/a.png', link: 'https://a.com',
    });
  });

  it('the update call leaves out empty texts and removes an emptied image or link', () => {
    expect(serviceUpdateFromForm({ ...empty, price: 'novo' }, { image: '/uploads/a.png', link: null })).toEqual({ price: 'novo', image: null });
    expect(serviceUpdateFromForm({ ...empty, title: 't', link: 'https://b.com' }, { image: null, link: 'https://a.com' })).toEqual({ title: 't', link: 'https://b.com' });
  });
});
