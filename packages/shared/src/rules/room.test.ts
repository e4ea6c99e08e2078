import { describe, expect, it } from 'vitest';
import { canChangeTopic, canCreateRoom, canDeleteRoom, canEditRoom, isRoomCapExempt } from './room.js';
import { admin, moderator, other, user, visitor } from './test-fixtures.js';

const fixedRoom = { isFixed: true, createdBy: null };
const usersRoom = { isFixed: false, createdBy: 'u1' };

describe('topic and room permissions', () => {
  it('lets only admins change the topic', () => {
    expect([visitor, user, moderator, admin].map(canChangeTopic)).toEqual([false, false, false, true]);
  });

  it('lets anyone signed in create a room', () => {
    expect([visitor, user, moderator, admin].map(canCreateRoom)).toEqual([false, true, true, true]);
  });

  it('lets the creator, moderators and admins delete and edit a created room', () => {
    const actors = [visitor, user, other, moderator, admin];
    expect(actors.map((a) => canDeleteRoom(a, usersRoom))).toEqual([false, true, false, true, true]);
    expect(actors.map((a) => canEditRoom(a, usersRoom))).toEqual([false, true, false, true, true]);
  });

  it('never deletes a fixed room and lets only admins edit one', () => {
    const actors = [visitor, user, moderator, admin];
    expect(actors.map((a) => canDeleteRoom(a, fixedRoom))).toEqual([false, false, false, false]);
    expect(actors.map((a) => canEditRoom(a, fixedRoom))).toEqual([false, false, false, true]);
  });

  it('exempts moderators and admins from the room cap', () => {
    expect([visitor, user, moderator, admin].map(isRoomCapExempt)).toEqual([false, false, true, true]);
  });
});
