/*
 * sonic3_ram.h - Sonic 3's RAM symbols, which Sonic & Knuckles keeps at the
 * same addresses (all but Debug_mode_flag and Competition_mode, which each
 * game's own table names).  A list for an array initialiser: sonic3.c and
 * sonic3k.c each make their `common` table of a ROM description from it.
 * RAM addresses are the sign-extended short addresses the code uses
 * ($FFFFxxxx), computed from skdisasm's constants.
 */
#ifndef SPGSIM_GAMES_SONIC3_RAM_H
#define SPGSIM_GAMES_SONIC3_RAM_H

#define GAME_SONIC3_RAM_SYMS \
    { "Chunk_table", 0xFFFF0000u }, \
    { "Level_layout_header", 0xFFFF8000u }, \
    { "Block_table", 0xFFFF9000u },       /* unused by the player code: the \
                                             capture keeps its block -> \
                                             mask word tables here */ \
    { "Sprite_table_input", 0xFFFFAC00u }, \
    { "Player_1", 0xFFFFB000u }, \
    { "Collision_response_list", 0xFFFFE380u }, \
    { "Camera_target_max_Y_pos", 0xFFFFEE12u }, \
    { "Camera_min_X_pos", 0xFFFFEE14u }, \
    { "Camera_max_X_pos", 0xFFFFEE16u }, \
    { "Camera_min_Y_pos", 0xFFFFEE18u }, \
    { "Camera_max_Y_pos", 0xFFFFEE1Au }, \
    { "Distance_from_top", 0xFFFFEE2Cu }, \
    { "Distance_from_top_P2", 0xFFFFEE2Eu }, \
    { "Camera_Y_pos", 0xFFFFEE7Cu }, \
    { "Screen_Y_wrap_value", 0xFFFFEEAAu }, \
    { "Layout_row_index_mask", 0xFFFFEEAEu }, \
    { "Ctrl_1", 0xFFFFF604u },            /* held, then pressed */ \
    { "Water_level", 0xFFFFF646u }, \
    { "Mean_water_level", 0xFFFFF648u }, \
    { "Target_water_level", 0xFFFFF64Au }, \
    { "Background_collision_flag", 0xFFFFF664u }, \
    { "Disable_death_plane", 0xFFFFF665u }, \
    { "Tails_CPU_idle_timer", 0xFFFFF702u }, \
    { "Tails_CPU_routine", 0xFFFFF708u }, \
    { "Water_flag", 0xFFFFF730u }, \
    { "Flying_carrying_Sonic_flag", 0xFFFFF73Eu }, \
    { "Max_speed", 0xFFFFF760u }, \
    { "Acceleration", 0xFFFFF762u }, \
    { "Deceleration", 0xFFFFF764u }, \
    { "Primary_Angle", 0xFFFFF768u }, \
    { "Secondary_Angle", 0xFFFFF76Au }, \
    { "Boss_flag", 0xFFFFF7AAu }, \
    { "Primary_collision_addr", 0xFFFFF7B4u }, \
    { "Secondary_collision_addr", 0xFFFFF7B8u }, \
    { "WindTunnel_flag", 0xFFFFF7C8u }, \
    { "Ctrl_1_locked", 0xFFFFF7CAu }, \
    { "DMA_queue", 0xFFFFFB00u }, \
    { "DMA_queue_slot", 0xFFFFFBFCu },    /* a long pointer */ \
    { "System_stack", 0xFFFFFE00u }, \
    { "Level_frame_counter", 0xFFFFFE04u }, \
    { "Debug_placement_mode", 0xFFFFFE08u }, \
    { "Current_zone_and_act", 0xFFFFFE10u }, \
    { "Life_count", 0xFFFFFE12u }, \
    { "Super_Sonic_Knux_flag", 0xFFFFFE19u }, \
    { "Last_star_post_hit", 0xFFFFFE2Au }, \
    { "Max_speed_P2", 0xFFFFFEC0u }, \
    { "Acceleration_P2", 0xFFFFFEC2u }, \
    { "Deceleration_P2", 0xFFFFFEC4u }, \
    { "Player_mode", 0xFFFFFF08u }, \
    { "Chaos_emerald_count", 0xFFFFFFB0u },

#endif
